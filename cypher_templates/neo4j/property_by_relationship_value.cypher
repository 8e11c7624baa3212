// task: by_relationship_value
// aliases: nodes found by a name kept on their relationships (a role, a character)
// parameters: value, entity
// identifiers: label, other_label, entity_key, rel_type, property, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(relationships of the type)
// description: the nodes at one end of the relationships whose property holds the value, at the named node if given
// verified: tested
MATCH (x:{:label}){<direction}-[r:{:rel_type}]-{>direction}(y:{:other_label})
WHERE $value IN CASE WHEN r.{:property} IS :: LIST<ANY> THEN r.{:property} ELSE [r.{:property}] END
  AND ($entity IS NULL OR y.{:entity_key} = $entity)
RETURN collect(DISTINCT {~x:returns}) AS answer
