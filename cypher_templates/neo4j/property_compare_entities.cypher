// task: compare_entities
// aliases: which of two named nodes is older, newer, larger, further north
// parameters: entity, other, order
// identifiers: entity_label, entity_key, other_label, other_key, property, returns
// directed: any
// weighted: any
// output: list
// complexity: O(nodes of the labels) without an index
// description: of two named nodes, the one(s) with the higher (or lower) value of a property; none when either lacks it
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity AND a.{:property} IS NOT NULL
MATCH (b:{:other_label})
WHERE b.{:other_key} = $other AND b.{:property} IS NOT NULL
WITH a, b, a.{:property} AS va, b.{:property} AS vb
WITH a, b, CASE $order WHEN 'lowest' THEN va <= vb ELSE va >= vb END AS a_wins,
  CASE $order WHEN 'lowest' THEN vb <= va ELSE vb >= va END AS b_wins
RETURN collect(DISTINCT CASE WHEN a_wins THEN {~a:returns} END)
  + collect(DISTINCT CASE WHEN b_wins THEN {~b:returns} END) AS answer
