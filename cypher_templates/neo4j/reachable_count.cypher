// task: reachable_count
// aliases: number of reachable nodes, reachable from, how many nodes can be reached, descendants, reach
// aliases: reachable set size
// parameters: node
// directed: any
// weighted: any
// output: number
// complexity: O(V + E) when Neo4j plans the DISTINCT end nodes as a pruning variable-length expand
// description: how many other nodes can be reached from the node (following edge directions)
// verified: tested
MATCH (a:{node_label} {id: $node})
OPTIONAL MATCH (a)-[:{edge_type}*]{arrow}(b:{node_label})
WHERE b <> a
RETURN count(DISTINCT b) AS answer
