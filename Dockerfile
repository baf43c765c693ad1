# The swisspairing HTTP service: docker build -t swisspairing . && docker run --rm -p 8080:8080 swisspairing
# Stateless: run as many containers as needed behind a load balancer (health check: GET /health).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    WEB_CONCURRENCY=2

COPY . /tmp/swisspairing
RUN pip install "/tmp/swisspairing[server]" && rm -rf /tmp/swisspairing

USER nobody
EXPOSE 8080
# Limits: SWISSPAIRING_MAX_BODY, SWISSPAIRING_TIME_LIMIT, SWISSPAIRING_MAX_SEARCH_BUDGET,
# SWISSPAIRING_CONCURRENCY (see docs/reference/http.rst).
CMD ["sh", "-c", "exec uvicorn --factory swisspairing.server:app_from_env --host 0.0.0.0 --port 8080 --workers ${WEB_CONCURRENCY}"]
