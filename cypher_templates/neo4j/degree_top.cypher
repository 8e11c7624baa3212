// task: degree_top
// aliases: highest degree, maximum degree, most edges, most connected node, most neighbours, best connected, hub
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(V + E)
// description: the node with the most edges (in plus out in a directed graph; a self-loop counts twice;
// description: ties broken by the smallest id, as a store keeps no node order)
// verified: tested
MATCH (a:{node_label})
OPTIONAL MATCH (a)-[e:{edge_type}]->(:{node_label})
WITH a, count(e) AS out
OPTIONAL MATCH (a)<-[f:{edge_type}]-(:{node_label})
WITH a, out, count(f) AS incoming
WITH a.id AS id, out + incoming AS degree
ORDER BY degree DESC, id
LIMIT 1
RETURN id AS answer
