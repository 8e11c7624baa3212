// task: predecessors
// aliases: predecessors, in-neighbors, in-neighbours, incoming neighbors, nodes pointing to, parents
// parameters: node
// directed: yes
// weighted: any
// output: list
// complexity: O(degree log degree)
// description: the nodes with an edge to the node in a directed graph, sorted
// verified: tested
MATCH (a:{node_label} {id: $node})
OPTIONAL MATCH (b:{node_label})-[:{edge_type}]->(a)
WITH DISTINCT b
ORDER BY b.id
RETURN collect(b.id) AS answer
