// task: degree
// aliases: degree of node, node degree, number of edges of node, how many edges, incident edges, valency
// parameters: node
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: the number of edges at the node (in plus out in a directed graph; a self-loop counts twice)
// verified: tested
MATCH (a:{node_label})
WHERE a.id = $node
OPTIONAL MATCH (a)-[e:{edge_type}]-(b:{node_label})
RETURN count(e) AS answer
