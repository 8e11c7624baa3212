// task: compare_relationships
// aliases: which of two relationships of a named node is longer, shorter, dearer
// parameters: entity, other, third, order
// identifiers: entity_label, entity_key, rel_type, other_label, other_key, third_label, third_key, property, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree of the named node)
// description: of the relationships between the named node and two other named nodes, the far end(s) whose
// description: relationship has the higher (or lower) value of a property; none when either has no such value
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b:{:other_label})
WHERE b.{:other_key} = $other AND r.{:property} IS NOT NULL
MATCH (a){<direction}-[s:{:rel_type}]-{>direction}(c:{:third_label})
WHERE c.{:third_key} = $third AND s.{:property} IS NOT NULL
WITH b, c, min(r.{:property}) AS low_b, max(r.{:property}) AS high_b, min(s.{:property}) AS low_c,
  max(s.{:property}) AS high_c
WITH b, c, CASE $order WHEN 'lowest' THEN low_b <= low_c ELSE high_b >= high_c END AS b_wins,
  CASE $order WHEN 'lowest' THEN low_c <= low_b ELSE high_c >= high_b END AS c_wins
RETURN collect(DISTINCT CASE WHEN b_wins THEN {~b:returns} END)
  + collect(DISTINCT CASE WHEN c_wins THEN {~c:returns} END) AS answer
