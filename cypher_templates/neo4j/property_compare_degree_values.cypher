// task: compare_degree_values
// aliases: has one named node more films, more destinations, more followers than another
// parameters: entity, other, comparison
// identifiers: entity_label, entity_key, other_label, other_key, rel_type
// directions: direction
// directed: any
// weighted: any
// output: yes/no
// complexity: O(degree of the two nodes) with an index on the keys
// description: whether the named node has more, fewer or as many distinct nodes linked by relationships of one type,
// description: in one direction, as the second named node
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
OPTIONAL MATCH (a){<direction}-[:{:rel_type}]-{>direction}(x)
WITH a, count(DISTINCT x) AS da
MATCH (b:{:other_label})
WHERE b.{:other_key} = $other
OPTIONAL MATCH (b){<direction}-[:{:rel_type}]-{>direction}(y)
WITH da, b, count(DISTINCT y) AS db
RETURN CASE $comparison WHEN 'higher' THEN da > db WHEN 'lower' THEN da < db ELSE da = db END AS answer
LIMIT 1
