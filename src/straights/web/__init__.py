"""The web table: play Straights with friends in a browser.

``straights serve`` runs :func:`straights.web.app.create_app` on uvicorn. The
package is an interface layer: the rules live in :mod:`straights.game`, the
hidden-information filter is the game's ``view``; this package only carries
messages, keeps tokens and timers, and stores every command before it is sent.
"""
