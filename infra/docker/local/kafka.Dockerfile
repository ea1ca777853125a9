# Kafka in KRaft mode: the jars infra/local resolves from Maven Central (infra/local/kafka/pom.xml) on Debian's
# OpenJDK 17. Configured like the apache/kafka image: every KAFKA_* variable is a server property
# (KAFKA_LOG_DIRS -> log.dirs), CLUSTER_ID names the cluster, KAFKA_HEAP_OPTS sizes the heap.
ARG JAVA_BASE_IMAGE=12yards/debian-java17:bookworm
FROM ${JAVA_BASE_IMAGE}
COPY lib /opt/kafka/lib
COPY kafka-entrypoint.sh /opt/kafka/entrypoint.sh
ENV KAFKA_LOG_DIRS=/var/lib/kafka/data
VOLUME /var/lib/kafka/data
EXPOSE 9092 9093
CMD ["/opt/kafka/entrypoint.sh"]
