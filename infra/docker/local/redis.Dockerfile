# Redis from Debian's redis-server package (installed into the debootstrap base on the host).
ARG REDIS_BASE_IMAGE=12yards/debian-redis:bookworm
FROM ${REDIS_BASE_IMAGE}
WORKDIR /data
VOLUME /data
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no"]
