#!/usr/bin/env bash
# Starts a single-node Kafka broker (KRaft, no ZooKeeper) on 127.0.0.1:$KAFKA_PORT with its
# data under .engines/kafka/data; waits until a metadata request works. Idempotent.
set -euo pipefail
source "$(dirname "$0")/common.sh"
DIR="$ENGINES/kafka"
PID="$DIR/kafka.pid"
LOG="$DIR/kafka.log"
CONF="$DIR/server.properties"
if pid_alive "$PID"; then
  log "Kafka already running (pid $(cat "$PID"))"
  exit 0
fi
[ -f "$DIR/libs/.kafka-$KAFKA_VERSION" ] || bash "$(dirname "$0")/install-kafka.sh"
if port_open "$KAFKA_PORT"; then
  log "port $KAFKA_PORT is taken by another process; set KAFKA_PORT"
  exit 1
fi
mkdir -p "$DIR/data"
cat >"$CONF" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$DIR/data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
log.retention.hours=168
PROPS
CP="$DIR/libs/*"
if [ ! -f "$DIR/data/meta.properties" ]; then
  # A fixed cluster id: the storage belongs to this checkout's single broker only.
  java -cp "$CP" kafka.tools.StorageTool format -t "rewear-local-kafka-01" -c "$CONF" --ignore-formatted >>"$LOG" 2>&1 \
    || { log "formatting Kafka storage failed:"; tail -n 30 "$LOG" >&2; exit 1; }
fi
cat >"$DIR/log4j.properties" <<L4J
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaServer=INFO
log4j.logger.kafka.server.BrokerServer=INFO
L4J
nohup java -Xms256m -Xmx512m -XX:+UseG1GC -Djava.awt.headless=true \
  -Dlog4j.configuration="file:$DIR/log4j.properties" \
  -cp "$CP" kafka.Kafka "$CONF" >>"$LOG" 2>&1 &
echo $! >"$PID"
# A broker with thousands of partitions in its data folder (every test run's namespace has its
# topics) takes a minute or more to load them on a busy machine: waited for up to 3 minutes.
deadline=$((SECONDS + 180))
while [ "$SECONDS" -lt "$deadline" ]; do
  if port_open "$KAFKA_PORT" && node "$(dirname "$0")/probe.mjs" kafka "127.0.0.1:$KAFKA_PORT"; then
    log "Kafka ready at 127.0.0.1:$KAFKA_PORT (pid $(cat "$PID"), log $LOG)"
    exit 0
  fi
  pid_alive "$PID" || break
  sleep 0.5
done
log "Kafka did not become ready; last log lines:"
tail -n 40 "$LOG" >&2
exit 1
