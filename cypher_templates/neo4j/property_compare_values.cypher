// task: compare_values
// aliases: is one named node older, larger or further north than another
// parameters: entity, other, comparison
// identifiers: entity_label, entity_key, other_label, other_key, property
// directed: any
// weighted: any
// output: yes/no
// complexity: O(1) with an index on the keys
// description: whether the property of the named node is higher, lower or the same as the second named node's
// description: (no answer when either has no value)
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity AND a.{:property} IS NOT NULL
MATCH (b:{:other_label})
WHERE b.{:other_key} = $other AND b.{:property} IS NOT NULL
WITH a.{:property} AS va, b.{:property} AS vb
RETURN CASE $comparison WHEN 'higher' THEN va > vb WHEN 'lower' THEN va < vb ELSE va = vb END AS answer
LIMIT 1
