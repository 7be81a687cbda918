using System;

namespace Demo
{
    public class Program
    {
        #region Main
        public static void Main(string[] args)
        {
            // <Greeting>
            Console.WriteLine("Hello");
            // </Greeting>
            Console.WriteLine("Bye");
        }
        #endregion
    }
}
