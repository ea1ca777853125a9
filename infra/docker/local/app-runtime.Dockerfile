# The production dependencies of every workspace, installed on the host by `npm ci --omit=dev` (in a copy of the
# manifests under ~/.cache/12yards/images), laid out as npm lays them out: the bundles require them by relative path.
# One layer shared by every app image. Context: that copy.
ARG NODE_IMAGE=12yards/node:22
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/tmp/12yards
WORKDIR /app
COPY . /app
USER node
