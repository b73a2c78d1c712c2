# syntax=docker/dockerfile:1
# ibmesh's container image: one image for every service, `docker run ibmesh:latest up|device|sm|tester|gateway|test ...`
#   docker build -t ibmesh:latest .
# Without a Docker engine, scripts/build-image builds its twin with Jib (cli/pom.xml, profile image): the same user,
# working directory, entrypoint, arguments, ports, environment and health check, which ContainerImageIT checks
# against this file.

# Build: Debian's Maven and OpenJDK 17, as on the project's machines (cli/pom.xml pins plugins for Maven 3.8.7)
FROM debian:bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends maven openjdk-17-jdk-headless \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 mvn -B -ntp -DskipTests -Dclass-archives.skip package -pl cli -am

# Run: Debian's OpenJDK 17 JRE (whose jmods the Jib base jlinks) and busybox-static for the health check's wget (one
# static file; curl would bring a dozen libraries, a java check a JVM start every interval). Slim images lack the man
# directory openjdk's postinst writes to.
FROM debian:bookworm-slim
ARG TARGETARCH
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openjdk-17-jre-headless busybox-static \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 10001 ibmesh \
 && useradd --uid 10001 --gid 10001 --home-dir /home/ibmesh --create-home --shell /bin/sh ibmesh \
 && install -d -o 10001 -g 10001 /work
COPY --from=build /src/cli/target/ibmesh.jar /opt/ibmesh/ibmesh.jar
ENV JAVA_HOME=/usr/lib/jvm/java-17-openjdk-${TARGETARCH} LANG=C.UTF-8 IBMESH_HEALTH_PORT=9100
USER 10001:10001
WORKDIR /work
# The defaults: up's /metrics and /health, up's gRPC control API, the gateway's gRPC, up's umad endpoint and the 10
# ports after it (one per client). VirtualLink listen ports come from the topology: publish them as well.
EXPOSE 9100 9200 7400 7070-7080/udp
# A service on another HTTP port (device, sm, tester and gateway pick a free one unless --http is given): run it
# with -e IBMESH_HEALTH_PORT=PORT
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD busybox wget -q -O /dev/null http://127.0.0.1:${IBMESH_HEALTH_PORT}/health/live || exit 1
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/opt/ibmesh/ibmesh.jar"]
CMD ["--help"]
