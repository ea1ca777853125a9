# The OpenTelemetry Collector of the observability profile: infra/observability/otelcol, built with Go on the host
# (the components infra/observability/otel-collector.yaml uses), on the debootstrap base.
ARG BASE_IMAGE=12yards/debian:bookworm-minbase
FROM ${BASE_IMAGE}
COPY otelcol /usr/bin/otelcol
EXPOSE 4317 4318 8889 13133
ENTRYPOINT ["/usr/bin/otelcol"]
CMD ["--config=/etc/otelcol/config.yaml"]
