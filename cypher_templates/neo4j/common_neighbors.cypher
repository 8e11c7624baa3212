// task: common_neighbors
// aliases: common neighbors, common neighbours, shared neighbors, shared neighbours, mutual neighbors
// aliases: neighbors in common, both connected to
// parameters: source, target
// directed: any
// weighted: any
// output: list
// complexity: O(degree(source) * degree(target))
// description: the nodes adjacent to both nodes (edge directions ignored), sorted
// verified: tested
MATCH (a:{node_label} {id: $source}), (b:{node_label} {id: $target})
OPTIONAL MATCH (a)-[:{edge_type}]-(c:{node_label})
WHERE EXISTS { MATCH (c)-[:{edge_type}]-(b) }
WITH DISTINCT c
ORDER BY c.id
RETURN collect(c.id) AS answer
