# The bot's image (compose.yaml, or `docker run` with a data volume; README: "Running it
# as a service"): the pinned runtime requirements and the code (the fonts the pictures
# use come with it, in render/fonts/).
FROM python:3.12-slim
RUN useradd --create-home --uid 1000 dominoes
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
# data/ holds the SQLite database and the command-sync stamp: mount a volume there.
RUN mkdir -p /app/data && chown dominoes:dominoes /app/data
VOLUME ["/app/data"]
USER dominoes
ENV PYTHONUNBUFFERED=1
# SIGTERM (docker stop's) stops the bot gracefully within 10 s (cogs/stopping.py).
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
