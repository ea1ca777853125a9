# The app images of `npm run images`: infra/docker/Dockerfile's `service` and `gateway` targets, with the bundles
# built on the host (node scripts/build.mjs) instead of inside the build, because no registry answers in a container
# here. Context: the dist folders of every deployable (and the services' assets), under their repository paths.
# The gateway stage comes first: the legacy builder (the only one here) builds every stage up to the target.
ARG RUNTIME_IMAGE=12yards/app-runtime:local

FROM ${RUNTIME_IMAGE} AS gateway
COPY --chown=node:node gateway/dist /app/gateway/dist
COPY --chown=node:node web/shell/dist /app/web/shell/dist
COPY --chown=node:node web/admin/dist /app/web/admin/dist
ENV PORT=8080
EXPOSE 8080
CMD ["node", "--enable-source-maps", "gateway/dist/main.js"]

FROM ${RUNTIME_IMAGE} AS service
ARG APP=services/status
ARG ENTRY=main.js
COPY --chown=node:node ${APP}/dist /app/${APP}/dist
COPY --chown=node:node ${APP}/assets /app/${APP}/assets
ENV ENTRY=/app/${APP}/dist/${ENTRY}
CMD ["sh", "-c", "exec node --enable-source-maps \"$ENTRY\""]
