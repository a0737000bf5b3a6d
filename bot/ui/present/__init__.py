"""The only code that turns a :class:`~bot.core.service.Table` into Discord messages, one concern a module:

- :mod:`.layouts`: every message's text, controls and layout, as pure functions of a table and the words
  (:class:`bot.i18n.Words`) of the language it is drawn in;
- :mod:`.readers`: whose language each message speaks (a table its server's, a hand its player's);
- :mod:`.drawing`: a message drawn in full (its picture rendered in a worker thread, the lines that ask
  the database), and the players' display names;
- :mod:`.requests`: Discord's rate limits: every request made outside an interaction's answer takes a slot of
  one budget (the global limit, each channel's bucket per kind of request), the first boards first;
- :mod:`.edits`: the per-channel queue of coalesced redraws, paced by that budget;
- :mod:`.redraws`: which process edits which message, and the edit a queued redraw makes;
- :mod:`.threads`: a race's thread, opened when it is dealt and closed when it ends;
- :mod:`.hands`: the players' hand messages and short notes by DM;
- :mod:`.posts`: what the bot posts of its own accord (the daily post);
- :mod:`.tournaments`: a tournament's message (sign-up, standings or bracket), its matches dealt into threads
  with their players pinged, and its announcements (rounds, the podium);
- :mod:`.healing`: at start, tables whose message lags the database are redrawn;
- :mod:`.presenter`: all of them composed, and the answers to interactions (``bot.presenter``).
"""
