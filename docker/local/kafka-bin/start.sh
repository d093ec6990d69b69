#!/bin/bash
# Writes server.properties from the KAFKA_* variables (KAFKA_LOG_DIRS -> log.dirs), with a
# single-node KRaft default for what is not set, formats the storage once, and runs the broker.
set -euo pipefail
conf=/opt/kafka/config/server.properties
declare -A props=(
  [node.id]=1
  [process.roles]=broker,controller
  [listeners]=PLAINTEXT://:9092,CONTROLLER://:9093
  [advertised.listeners]=PLAINTEXT://localhost:9092
  [controller.listener.names]=CONTROLLER
  [listener.security.protocol.map]=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
  [controller.quorum.voters]=1@localhost:9093
  [log.dirs]=/var/lib/kafka/data
  [offsets.topic.replication.factor]=1
  [transaction.state.log.replication.factor]=1
  [transaction.state.log.min.isr]=1
  [group.initial.rebalance.delay.ms]=0
)
while IFS='=' read -r name value; do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_CLUSTER_ID) continue ;;
    KAFKA_*) key="${name#KAFKA_}"; key="${key,,}"; props["${key//_/.}"]="$value" ;;
  esac
done < <(env)
: >"$conf"
for key in "${!props[@]}"; do echo "$key=${props[$key]}" >>"$conf"; done
cp="/opt/kafka/libs/*"
log_dir="${props[log.dirs]}"
if [ ! -f "$log_dir/meta.properties" ]; then
  java -cp "$cp" kafka.tools.StorageTool format -t "${KAFKA_CLUSTER_ID:-rewear-container-kafka1}" \
    -c "$conf" --ignore-formatted
fi
# shellcheck disable=SC2086 # the heap options are several words
exec java ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} -XX:+UseG1GC -Djava.awt.headless=true \
  -Dlog4j.configuration=file:/opt/kafka/bin/log4j.properties -cp "$cp" kafka.Kafka "$conf"
