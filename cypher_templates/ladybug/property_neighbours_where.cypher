// task: neighbours_where
// aliases: related nodes filtered by a property
// parameters: entity, op, threshold
// identifiers: entity_label, entity_key, rel_type, on, property, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree)
// description: the nodes linked to the named node whose relationship (or own) property compares to a value
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH b, {:on}.{:property} AS v
WHERE CASE $op WHEN '>' THEN v > $threshold WHEN '>=' THEN v >= $threshold WHEN '<' THEN v < $threshold
  WHEN '<=' THEN v <= $threshold ELSE v = $threshold END
RETURN collect(DISTINCT {~b:returns}) AS answer
