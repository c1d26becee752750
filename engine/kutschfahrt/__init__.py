"""De Koetsrit naar Duivelsfort / Die Kutschfahrt zur Teufelsburg."""
