#!/bin/bash
# Writes server.properties from the KAFKA_* variables (KAFKA_FOO_BAR=x -> foo.bar=x, as the apache/kafka image
# does), formats the log directory once with CLUSTER_ID, then runs the broker in the foreground.
set -euo pipefail
conf=/tmp/kafka-server.properties
: > "$conf"
while IFS='=' read -r name value; do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_JVM_OPTS) continue ;;
    KAFKA_*)
      key="${name#KAFKA_}"
      key="$(printf '%s' "$key" | tr '[:upper:]' '[:lower:]' | tr '_' '.')"
      printf '%s=%s\n' "$key" "$value" >> "$conf"
      ;;
  esac
done < <(env)
cat > /tmp/kafka-log4j.properties <<'LOG4J'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
log4j.logger.kafka.server.BrokerServer=INFO
LOG4J
# Kafka cluster ids are 16 bytes in URL-safe base64 (22 characters); any other name is hashed into one.
cluster_id="${CLUSTER_ID:-12yards}"
if ! [[ "$cluster_id" =~ ^[A-Za-z0-9_-]{22}$ ]]; then
  hex="$(printf '%s' "$cluster_id" | md5sum | cut -c1-32)"
  # shellcheck disable=SC2059
  cluster_id="$(printf "$(printf '%s' "$hex" | sed 's/../\\x&/g')" | base64 | tr '+/' '-_' | cut -c1-22)"
fi
# shellcheck disable=SC2086
jvm=(${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} -XX:+UseG1GC -XX:MaxGCPauseMillis=20
  -Dlog4j.configuration=file:/tmp/kafka-log4j.properties ${KAFKA_JVM_OPTS:-})
java "${jvm[@]}" -cp '/opt/kafka/lib/*' kafka.tools.StorageTool format -t "$cluster_id" -c "$conf" \
  --ignore-formatted > /dev/null
exec java "${jvm[@]}" -cp '/opt/kafka/lib/*' kafka.Kafka "$conf"
