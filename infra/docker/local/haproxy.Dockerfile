# The balancer in front of the gateway replicas: HAProxy from Debian's haproxy package (2.6, installed into the
# debootstrap base on the host). Its configuration is mounted by docker-compose.yml (infra/docker/balancer), at the
# path the official haproxy image reads it from.
ARG HAPROXY_BASE_IMAGE=12yards/debian-haproxy:bookworm
FROM ${HAPROXY_BASE_IMAGE}
USER haproxy
EXPOSE 8080
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
