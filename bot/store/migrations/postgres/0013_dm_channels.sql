-- Each user's DM channel with the bot, once the bot has opened it: its id never changes, so a hand or a
-- ping is sent to it straight away, without asking Discord for the user or the channel again.
CREATE TABLE dm_channels (
    user_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL
);
