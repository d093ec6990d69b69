#!/usr/bin/env bash
# Resolves the Kafka broker and its runtime dependencies from Maven Central into
# .engines/kafka/libs (no download outside the package registry).
set -euo pipefail
source "$(dirname "$0")/common.sh"
LIBS="$ENGINES/kafka/libs"
if [ -f "$LIBS/.kafka-$KAFKA_VERSION" ]; then
  log "Kafka $KAFKA_VERSION already installed in $LIBS"
  exit 0
fi
command -v mvn >/dev/null || { log "mvn not found (apt-get install -y maven)"; exit 1; }
command -v java >/dev/null || { log "java not found (apt-get install -y openjdk-17-jre-headless)"; exit 1; }
WORK="$ENGINES/kafka/resolve"
mkdir -p "$WORK"
cat > "$WORK/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.rewear</groupId>
  <artifactId>kafka-broker</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka_2.13</artifactId>
      <version>$KAFKA_VERSION</version>
    </dependency>
    <dependency>
      <groupId>org.slf4j</groupId>
      <artifactId>slf4j-reload4j</artifactId>
      <version>1.7.36</version>
    </dependency>
  </dependencies>
</project>
POM
rm -rf "$LIBS"
log "resolving org.apache.kafka:kafka_2.13:$KAFKA_VERSION with Maven"
(cd "$WORK" && mvn -q -B dependency:copy-dependencies -DoutputDirectory="$LIBS" -DincludeScope=runtime)
ls "$LIBS"/kafka_2.13-"$KAFKA_VERSION".jar >/dev/null
touch "$LIBS/.kafka-$KAFKA_VERSION"
log "Kafka $KAFKA_VERSION installed: $(ls "$LIBS" | wc -l) jars in $LIBS"
