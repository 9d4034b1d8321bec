// Meta's Graph API, which the Cloud API channel (and later Facebook and Instagram) speaks:
// the defaults core (inbound media) and the channel worker (sends) both start from.

/** The Graph API's root; GRAPH_API_URL replaces it (tests point it at a fake on loopback). */
export const GRAPH_API_URL = "https://graph.facebook.com";
/** The Graph API version path segment; GRAPH_API_VERSION replaces it. */
export const GRAPH_API_VERSION = "v21.0";
