// task: neighbour_aggregate
// aliases: average, total, minimum, maximum, median, range or distinct values over related nodes
// parameters: entity, aggregate
// identifiers: entity_label, entity_key, rel_type, on, property
// directions: direction
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: an aggregate of a property over the relationships (or nodes) linked to the named node
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH {:on}.{:property} AS v
WITH avg(v) AS av, sum(v) AS su, min(v) AS lo, max(v) AS hi, count(DISTINCT v) AS dv,
  list_sort(collect(v)) AS xs
// no percentile aggregate here: the median is read from the sorted values (lists are 1-based)
WITH av, su, lo, hi, dv, xs, size(xs) AS n
RETURN CASE $aggregate WHEN 'avg' THEN av WHEN 'sum' THEN 1.0 * su WHEN 'min' THEN 1.0 * lo
  WHEN 'median' THEN (CASE WHEN n = 0 THEN NULL ELSE (xs[(n + 1) / 2] + xs[n / 2 + 1]) / 2.0 END)
  WHEN 'range' THEN 1.0 * (hi - lo) WHEN 'distinct' THEN 1.0 * dv
  ELSE 1.0 * hi END AS answer
