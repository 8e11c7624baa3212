// task: has_edge
// aliases: adjacent, edge between, directly connected, directly linked, neighbours, is there an edge
// parameters: source, target
// directed: any
// weighted: any
// output: yes/no
// complexity: O(degree)
// description: whether one edge joins source and target directly (an edge from source to target in a
// description: directed graph; source equal to target asks for a self-loop)
// verified: tested
MATCH (a:{node_label} {id: $source}), (b:{node_label} {id: $target})
RETURN EXISTS { MATCH (a)-[:{edge_type}]{arrow}(b) } AS answer
