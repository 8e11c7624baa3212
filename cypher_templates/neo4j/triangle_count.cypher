// task: triangle_count
// aliases: number of triangles, count triangles, how many triangles, triangles, 3-cliques, triads
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(E * max degree)
// description: how many triangles the graph has (edge directions ignored; each counted once by ordered ids)
// verified: tested
MATCH (a:{node_label})-[:{edge_type}]-(b:{node_label})-[:{edge_type}]-(c:{node_label})-[:{edge_type}]-(a)
WHERE a.id < b.id AND b.id < c.id
RETURN count(DISTINCT [a.id, b.id, c.id]) AS answer
