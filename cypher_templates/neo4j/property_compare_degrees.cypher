// task: compare_degrees
// aliases: which of two named nodes has more films, more destinations, more followers
// parameters: entity, other, order
// identifiers: entity_label, entity_key, other_label, other_key, rel_type, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree of the two nodes) with an index on the keys
// description: of two named nodes, the one(s) with more (or fewer) distinct nodes linked by relationships of one type,
// description: in one direction; both on a tie
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
OPTIONAL MATCH (a){<direction}-[:{:rel_type}]-{>direction}(x)
WITH a, count(DISTINCT x) AS da
MATCH (b:{:other_label})
WHERE b.{:other_key} = $other
OPTIONAL MATCH (b){<direction}-[:{:rel_type}]-{>direction}(y)
WITH a, da, b, count(DISTINCT y) AS db
WITH a, b, CASE $order WHEN 'lowest' THEN da <= db ELSE da >= db END AS a_wins,
  CASE $order WHEN 'lowest' THEN db <= da ELSE db >= da END AS b_wins
RETURN collect(DISTINCT CASE WHEN a_wins THEN {~a:returns} END)
  + collect(DISTINCT CASE WHEN b_wins THEN {~b:returns} END) AS answer
