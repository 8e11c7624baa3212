// task: value_difference
// aliases: how many years older, how old was one when the other came out, how much higher
// parameters: entity, other
// identifiers: entity_label, entity_key, property, other_label, other_key, other_property
// directed: any
// weighted: any
// output: value
// complexity: O(1) with an index on the keys
// description: how far apart a property of the named node and a property of the second named node are
// description: (the larger minus the smaller; no answer when either has no value)
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity AND a.{:property} IS NOT NULL
MATCH (b:{:other_label})
WHERE b.{:other_key} = $other AND b.{:other_property} IS NOT NULL
RETURN abs(a.{:property} - b.{:other_property}) AS answer
LIMIT 1
