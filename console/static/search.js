// How the console shows hybrid search results: hybrid search ranks every
// memory or message, so the page shows at once the hits that share words
// with the query or come close in meaning, and keeps the rest one click away.

/** close is the semantic score from which a hit without a shared keyword is shown at once. */
export const close = 0.3;

/**
 * strongHits splits hits (best first, as the API answers) into those shown
 * at once and the number of weaker ones left out.
 */
export function strongHits(hits) {
  const strong = hits.filter((x) => x.keyword_score || x.semantic_score >= close);
  return [strong, hits.length - strong.length];
}
