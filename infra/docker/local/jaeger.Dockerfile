# Jaeger v2 (all-in-one, spans kept in memory): github.com/jaegertracing/jaeger/cmd/jaeger built with Go on the host
# from infra/observability/jaeger, on the debootstrap base. The module proxy's source has no built UI, so
# http://127.0.0.1:16686 answers the query API (/api/services, /api/traces) and a plain page instead of the web UI.
ARG BASE_IMAGE=12yards/debian:bookworm-minbase
FROM ${BASE_IMAGE}
COPY jaeger /usr/bin/jaeger
ENV JAEGER_LISTEN_HOST=0.0.0.0
EXPOSE 4317 4318 13133 16686
ENTRYPOINT ["/usr/bin/jaeger"]
