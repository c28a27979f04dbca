# syntax=docker/dockerfile:1

# Build a static binary. timetzdata embeds the zone database, so
# GROUPMEM_TIMEZONE works in an image without /usr/share/zoneinfo.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -tags timetzdata -ldflags="-s -w" -o /out/groupmem ./cmd/groupmem

# Run as the image's unprivileged user (uid 65532), with no shell.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/groupmem /usr/local/bin/groupmem
USER nonroot:nonroot
WORKDIR /home/nonroot
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/groupmem"]
CMD ["serve"]
