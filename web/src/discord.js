// Who this page's player is, through the Embedded App SDK: the OAuth2 code from Discord, exchanged by the
// bot for an access token (POST api/token), then the race's socket says hello with that token and the
// Activity's instance id. Outside Discord (make play, the browser test) the SDK's own DiscordSDKMock stands
// in, as Discord's sdk-playground does: `?viewer=N` says which play user this tab is, and the mock's
// authorize answers with a code naming that user, which the bot's fake Discord HTTP exchanges.

import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

/** The SDK for this page: the real one inside Discord, the mock in play mode (config.mock or ?mock=1). */
export function makeSdk(config, query) {
  const mock = config.mock || query.get("mock") === "1";
  if (!mock) return new DiscordSDK(config.client_id);
  const viewer = query.get("viewer") || "1";
  const sdk = new DiscordSDKMock(
    config.client_id,
    query.get("guild_id"),
    query.get("channel_id"),
    query.get("location_id"),
  );
  const instance = query.get("instance_id");
  if (instance) sdk.instanceId = instance;
  sdk._updateCommandMocks({
    authorize: async () => ({ code: `mock:${viewer}` }),
  });
  return sdk;
}

/** Signs the player in; returns the access token the socket's hello carries. */
export async function signIn(sdk, config) {
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const response = await fetch(new URL("api/token", document.baseURI), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  await sdk.commands.authenticate({ access_token: body.access_token });
  return body.access_token;
}
