// task: neighbour_count_where
// aliases: how many related nodes pass a filter
// parameters: entity, op, threshold
// identifiers: entity_label, entity_key, rel_type, on, property
// directions: direction
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: how many nodes linked to the named node have a relationship (or own) property comparing to a value
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH b, {:on}.{:property} AS v
WHERE CASE $op WHEN '>' THEN v > $threshold WHEN '>=' THEN v >= $threshold WHEN '<' THEN v < $threshold
  WHEN '<=' THEN v <= $threshold ELSE v = $threshold END
RETURN count(DISTINCT b) AS answer
