#!/bin/bash
# The path and arguments of apache/kafka's script, so the compose healthcheck runs unchanged.
exec java -Xmx128m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dlog4j.configuration=file:/opt/kafka/bin/log4j.properties \
  -cp "/opt/kafka/libs/*" kafka.admin.BrokerApiVersionsCommand "$@"
