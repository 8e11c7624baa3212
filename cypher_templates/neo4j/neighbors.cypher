// task: neighbors
// aliases: neighbours, neighbors of node, adjacent nodes, adjacent to, successors, directly connected to, linked to
// parameters: node
// directed: any
// weighted: any
// output: list
// complexity: O(degree log degree)
// description: the neighbours of the node, sorted (successors in a directed graph)
// verified: tested
MATCH (a:{node_label} {id: $node})
OPTIONAL MATCH (a)-[:{edge_type}]{arrow}(b:{node_label})
WITH DISTINCT b
ORDER BY b.id
RETURN collect(b.id) AS answer
