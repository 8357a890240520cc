"""The web pages, served by the bot's own process with aiohttp.web: read-only views.

Only what a finished game or a result shows is ever served; nothing of a game in play
(no hand, no position, no deal). A server's pages are reached through links the bot
signs (web/links.py); every request passes web/guard.py first (methods, sizes, headers,
rate limit, one log line). Texts come from the catalog in the reader's language
(web/language.py), and templates escape every value (Jinja2's autoescape).
"""
