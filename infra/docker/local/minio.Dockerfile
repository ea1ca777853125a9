# MinIO, the binary infra/local builds with Go (go install github.com/minio/minio at its release's commit).
ARG BASE_IMAGE=12yards/debian:bookworm-minbase
FROM ${BASE_IMAGE}
COPY minio /usr/bin/minio
ENV MINIO_UPDATE=off
VOLUME /data
EXPOSE 9000 9001
ENTRYPOINT ["/usr/bin/minio"]
CMD ["server", "/data"]
