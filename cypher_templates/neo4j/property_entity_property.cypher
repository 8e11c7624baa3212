// task: entity_property
// aliases: property of a named node, look-up
// parameters: entity
// identifiers: entity_label, entity_key, property
// directed: any
// weighted: any
// output: value
// complexity: O(nodes of the label) without an index
// description: the values of one property of the node(s) the question names
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
RETURN collect(DISTINCT a.{:property}) AS answer
