/**
 * A mix's places in a band's shard (chess/bundle.js draws from them; chess/mix.js reads the mix):
 * apart from mix.js so the play view's bundle, which draws, needn't carry a mix link's reading,
 * loaded only when one is opened.
 */

/**
 * The places (within one band) holding any of the themes: each theme's ascending places
 * (the index's lists) merged, each place once.
 * @param {readonly number[][]} lists
 */
export function unionPlaces(lists) {
  return [...new Set(lists.flat())].sort((a, b) => a - b)
}

/**
 * Of `places`, those whose rating (`ratings[place]`) is within low..high inclusive.
 * @param {readonly number[]} places
 * @param {readonly number[]} ratings
 * @param {number} low
 * @param {number} high
 */
export function placesRated(places, ratings, low, high) {
  return places.filter((place) => ratings[place] >= low && ratings[place] <= high)
}
