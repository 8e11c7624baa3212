// task: compare_relationship_values
// aliases: is one relationship of a named node longer, shorter or dearer than another
// parameters: entity, other, third, comparison
// identifiers: entity_label, entity_key, rel_type, other_label, other_key, third_label, third_key, property
// directions: direction
// directed: any
// weighted: any
// output: yes/no
// complexity: O(degree of the named node)
// description: whether the property of the relationship between the named node and a second named node is
// description: higher, lower or the same as that of its relationship with a third (no answer when either has none)
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b:{:other_label})
WHERE b.{:other_key} = $other AND r.{:property} IS NOT NULL
MATCH (a){<direction}-[s:{:rel_type}]-{>direction}(c:{:third_label})
WHERE c.{:third_key} = $third AND s.{:property} IS NOT NULL
WITH min(r.{:property}) AS vb, min(s.{:property}) AS vc
RETURN CASE $comparison WHEN 'higher' THEN vb > vc WHEN 'lower' THEN vb < vc ELSE vb = vc END AS answer
LIMIT 1
