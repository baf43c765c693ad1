# The swisspairing HTTP service: docker build -t swisspairing . && docker run --rm -p 8080:8080 swisspairing
# Stateless: run as many containers as needed behind a load balancer (liveness GET /healthz,
# readiness GET /readyz); docs/reference/http.rst "Production", examples/deploy/.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SWISSPAIRING_CONCURRENCY=2

COPY . /tmp/swisspairing
RUN pip install "/tmp/swisspairing[server]" && rm -rf /tmp/swisspairing

USER nobody
EXPOSE 8080
# Limits: SWISSPAIRING_TIME_LIMIT, SWISSPAIRING_CONCURRENCY (worker processes),
# SWISSPAIRING_MAX_QUEUE, SWISSPAIRING_MAX_BODY, SWISSPAIRING_HEADER_TIMEOUT, ... (the serve
# options in capitals; docs/reference/http.rst).  One server process per container: scale out
# with more containers.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
    CMD ["python", "-c", "import urllib.request, sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8080/healthz', timeout=2).status != 200)"]
CMD ["python", "-m", "swisspairing", "serve", "--host", "0.0.0.0", "--port", "8080"]
