/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // pg and the Prisma adapter are Node libraries; keep them out of the bundle.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "pg-boss", "bcryptjs"],
  typedRoutes: false,
};

export default nextConfig;
