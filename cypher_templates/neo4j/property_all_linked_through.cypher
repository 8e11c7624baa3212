// task: all_linked_through
// aliases: whether every node one named node is linked to is also linked to another, did she write all he directed
// parameters: entity, other
// identifiers: entity_label, entity_key, other_label, other_key, rel_type, second_rel_type
// directions: direction, other_direction
// directed: any
// weighted: any
// output: yes/no
// complexity: O(degree)
// description: whether every node linked to the named node by one relationship type is also linked to the second
// description: named node (which may be the same) by another; no answer when the first links to none
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (c:{:other_label})
WHERE c.{:other_key} = $other
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
OPTIONAL MATCH (c){<other_direction}-[s:{:second_rel_type}]-{>other_direction}(b)
WITH b, count(s) AS links
WITH count(b) AS reached, count(CASE WHEN links > 0 THEN 1 END) AS passing
RETURN CASE WHEN reached = 0 THEN NULL ELSE passing = reached END AS answer
