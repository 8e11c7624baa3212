// task: all_neighbours_where
// aliases: do all related nodes pass a filter, is every one of them above or below a number
// parameters: entity, op, threshold
// identifiers: entity_label, entity_key, rel_type, on, property
// directions: direction
// directed: any
// weighted: any
// output: yes/no
// complexity: O(degree)
// description: whether every relationship of one type of the named node (or every node it links to) has a property
// description: comparing to a value; a missing value does not pass; no answer when there is none
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH {:on}.{:property} AS v
WITH CASE $op WHEN '>' THEN v > $threshold WHEN '>=' THEN v >= $threshold WHEN '<' THEN v < $threshold
  WHEN '<=' THEN v <= $threshold ELSE v = $threshold END AS passes
WITH count(*) AS linked, count(CASE WHEN passes THEN 1 END) AS passing
RETURN CASE WHEN linked = 0 THEN NULL ELSE passing = linked END AS answer
