# A MongoDB-wire server: FerretDB on SQLite, the binary infra/local builds with Go (infra/local/ferretdb).
# It has no replica sets: the compose override gives the services a MONGO_URL without replicaSet.
ARG BASE_IMAGE=12yards/debian:bookworm-minbase
FROM ${BASE_IMAGE}
COPY ferretdb /usr/local/bin/ferretdb
VOLUME /data/db
EXPOSE 27017
CMD ["ferretdb", "-listen", "0.0.0.0:27017", "-dir", "/data/db", "-log-level", "warn"]
