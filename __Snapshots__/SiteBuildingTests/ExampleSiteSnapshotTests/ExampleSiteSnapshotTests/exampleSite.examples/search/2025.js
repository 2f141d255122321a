gamenightSearch([
[2,"nights/2025-12-12.html","Friday, 12 December 2025","2 games","2025-12-12"],
[3,"games/2025-12-12-bowling.html","Bowling, the first league night","2025-12-12 · Bowling · Marta","Marta Elisha Andre"],
[3,"games/2025-12-12-catan.html","Catan, where it started","2025-12-12 · Catan · Elisha","Elisha Marta Andre"]
]);
