# Prometheus from Debian's prometheus package (installed into the debootstrap base on the host).
ARG PROMETHEUS_BASE_IMAGE=12yards/debian-prometheus:bookworm
FROM ${PROMETHEUS_BASE_IMAGE}
WORKDIR /prometheus
VOLUME /prometheus
EXPOSE 9090
ENTRYPOINT ["/usr/bin/prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus"]
