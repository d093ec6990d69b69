#!/bin/bash
# Ready when FerretDB's debug handler says so (it checks the PostgreSQL connection).
exec wget -q -O /dev/null http://127.0.0.1:8088/debug/readyz
